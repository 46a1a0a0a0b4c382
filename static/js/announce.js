// Screen-reader announcements through the page's aria-live regions.
let politeTimer = null;

export function announce(text, { urgent = false } = {}) {
  const region = document.getElementById(urgent ? "announcer-urgent" : "announcer");
  if (!region || !text) return;
  region.textContent = "";
  clearTimeout(politeTimer);
  politeTimer = setTimeout(() => { region.textContent = text; }, 50);
}
