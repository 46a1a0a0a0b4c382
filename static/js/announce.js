// Screen-reader announcements through the page's aria-live regions: polite
// for log lines, assertive for "your move" and timer warnings. Each region
// has its own timer so a polite line never swallows an urgent one.
const timers = new Map();

export function announce(text, { urgent = false } = {}) {
  const id = urgent ? "announcer-urgent" : "announcer";
  const region = document.getElementById(id);
  if (!region || !text) return;
  region.textContent = "";
  clearTimeout(timers.get(id));
  // Emptying first, then filling a moment later, makes readers speak a repeat.
  timers.set(id, setTimeout(() => { region.textContent = text; }, 50));
}
