// Redrawing a table must not lose a keyboard user's place. Before a module redraws,
// `rememberFocus(root)` notes the focused control and its ancestors up to `root`; after,
// the function it returns puts focus back on the same control (the same node, or a new
// one with its id), or, when that control is gone or disabled, on the first usable
// control of its nearest surviving ancestor (the prompt's next question, say). Nothing
// happens when focus was elsewhere or is still inside `root`.
const USABLE = "button:not(:disabled), select:not(:disabled), input:not(:disabled), [tabindex='0']";

export function rememberFocus(root) {
  const active = document.activeElement;
  if (!root || !active || active === root || !root.contains(active)) return () => {};
  const chain = [];
  for (let node = active; node && node !== root; node = node.parentElement) chain.push({ node, id: node.id });
  return () => {
    const now = document.activeElement;
    if (now && now !== document.body && root.contains(now)) return;
    for (const [index, { node, id }] of chain.entries()) {
      const found = root.contains(node) ? node : id ? document.getElementById(id) : null;
      if (!found || !root.contains(found)) continue;
      const target = index === 0 && found.matches(USABLE) ? found : found.querySelector(USABLE);
      if (!target) continue;
      target.focus({ preventScroll: true });
      return;
    }
  };
}
