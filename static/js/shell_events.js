// Log events the server adds around a game's own events, in words for every
// game (the table's log and the replay). A game module never sees them.
//
//   {"e": "timer_played", "seat": s}: the turn timer ran out and the server
//   played the game's timeout action for seat s; that action's own events follow.
export function describeShellEvent(event, ctx) {
  switch (event?.e) {
    case "timer_played":
      return ctx.t("table.log.timer_played", { name: ctx.seatName(event.seat) });
    default:
      return null;
  }
}

export function isShellEvent(event) {
  return event?.e === "timer_played";
}
