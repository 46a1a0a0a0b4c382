// One-line hints on cards, items and spaces: `hint(node, text)` gives a node a short
// explanation that shows beside it on hover, on keyboard focus and on a tap (a touch
// screen has no hover), and that a screen reader reads as the node's description.
// One tooltip element serves the whole page; each distinct text is one hidden
// description node, shared by every node that says the same thing.
import { el } from "./dom.js";

const descriptions = new Map(); // text -> id of its hidden description
let tip = null;
let shownFor = null;

function descriptionId(text) {
  if (!descriptions.has(text)) {
    const id = `hint-${descriptions.size + 1}`;
    let box = document.getElementById("hint-texts");
    if (!box) {
      box = el("div", { id: "hint-texts", hidden: true });
      document.body.append(box);
    }
    box.append(el("span", { id, text }));
    descriptions.set(text, id);
  }
  return descriptions.get(text);
}

function tooltip() {
  if (!tip) {
    tip = el("div", { id: "hint-tip", class: "hint-tip", role: "tooltip", hidden: true });
    document.body.append(tip);
    document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
    document.addEventListener("pointerdown", (event) => {
      if (shownFor && !shownFor.contains(event.target)) hide();
    }, true);
  }
  return tip;
}

function show(node) {
  const text = node.dataset.hint;
  if (!text || !node.isConnected) return;
  const box = tooltip();
  box.textContent = text;
  box.hidden = false;
  shownFor = node;
  const at = node.getBoundingClientRect();
  const width = Math.min(box.offsetWidth, window.innerWidth - 8);
  const left = Math.max(4, Math.min(at.left + at.width / 2 - width / 2, window.innerWidth - width - 4));
  const above = at.top - box.offsetHeight - 6;
  const top = above >= 4 ? above : at.bottom + 6;
  box.style.cssText = `left: ${left + window.scrollX}px; top: ${top + window.scrollY}px`;
}

function hide(node = null) {
  if (!tip || (node && shownFor !== node)) return;
  tip.hidden = true;
  shownFor = null;
}

// Gives `node` its hint (or takes it away with an empty text). Returns the node.
export function hint(node, text) {
  if (!node) return node;
  if (!text) {
    delete node.dataset.hint;
    node.removeAttribute("aria-describedby");
    return node;
  }
  node.dataset.hint = text;
  node.setAttribute("aria-describedby", descriptionId(text));
  if (!node.dataset.hinted) {
    node.dataset.hinted = "true";
    node.addEventListener("pointerenter", (event) => { if (event.pointerType === "mouse") show(node); });
    node.addEventListener("pointerleave", (event) => { if (event.pointerType === "mouse") hide(node); });
    node.addEventListener("focus", () => show(node));
    node.addEventListener("blur", () => hide(node));
    // A tap shows it (and a second tap on the same node hides it) without taking the tap away.
    node.addEventListener("pointerup", (event) => {
      if (event.pointerType === "mouse") return;
      if (shownFor === node) hide(node);
      else show(node);
    });
  }
  return node;
}
