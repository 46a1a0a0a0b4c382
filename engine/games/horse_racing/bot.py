def choose_action(view, actions, rng):
    return rng.choice(actions)
