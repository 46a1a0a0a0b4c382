// Language switcher on every page: choosing a language submits the form, the
// server remembers it in a cookie; localStorage keeps it too for the client.
import { lang } from "./i18n.js";

try { localStorage.setItem("paddock.lang", lang); } catch { /* storage may be off */ }
const select = document.getElementById("lang-select");
if (select) {
  select.addEventListener("change", () => select.form.requestSubmit());
  const apply = select.form.querySelector(".lang-apply");
  if (apply) apply.classList.add("visually-hidden");
}
