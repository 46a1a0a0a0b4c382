// Tiny DOM helpers: build elements without innerHTML (no injection from names).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    // Through the CSSOM: the Content-Security-Policy refuses style attributes (style-src 'self').
    else if (name === "style") node.style.cssText = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "style") node.style.cssText = value;
    else node.setAttribute(name, value);
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

export function show(node, visible) {
  node.hidden = !visible;
}

// A "seconds left" line that ticks every second until `deadline` (Unix seconds).
// `text(left)` gives the words; `onTick(left)` may warn; with `hideAtZero` the
// line disappears at 0 instead of showing it. Returns a function that stops it.
export function countdown(node, deadline, { text, urgentAt = 10, onTick = null, hideAtZero = false }) {
  let handle = null;
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    if (left === 0 && hideAtZero) {
      node.hidden = true;
      return false;
    }
    node.hidden = false;
    node.textContent = text(left);
    node.dataset.urgent = String(left <= urgentAt);
    if (onTick) onTick(left);
    return true;
  };
  if (tick()) {
    handle = setInterval(() => tick() || clearInterval(handle), 1000);
  }
  return () => clearInterval(handle);
}
