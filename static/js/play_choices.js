// A player's own choices during a game (app/api/routes/play_choices.py): be away (a bot plays
// the seat until they are back), take back a seat they left, and end the game by vote
// ("let bots finish" or "abandon", passed on a majority of the humans seated).
import { call } from "./api.js";
import { el } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";

export function setupPlayChoices({ code, token, me, leftSeat, takeBack, showError, announce }) {
  const menu = document.getElementById("room-menu");
  const button = (id, text, onclick) => el("button", { type: "button", id, class: "secondary", hidden: true, text, onclick });
  const awayButton = button("away-toggle", t("away.me_away"), () => post("/away", { away: !mine()?.away }));
  const proposeBots = button("propose-bots", t("vote.propose_bots"), () => post("/end-vote", { kind: "bots" }));
  const proposeAbandon = button("propose-abandon", t("vote.propose_abandon"), () => post("/end-vote", { kind: "abandon" }));
  // Ending the game is a rare choice: folded into a small "End the game…" menu, after Rules.
  const endMenu = el("details", { id: "end-menu", class: "end-menu", hidden: true },
    el("summary", { class: "secondary small", text: t("vote.menu") }),
    el("div", { class: "end-menu-list" }, proposeBots, proposeAbandon));
  for (const choice of [proposeBots, proposeAbandon]) choice.addEventListener("click", () => { endMenu.open = false; });
  menu.append(awayButton);
  document.getElementById("room-menu-toggle").before(endMenu);
  const votePanel = el("section", { id: "end-vote", class: "notice end-vote", "aria-live": "polite", hidden: true });
  const leftPanel = el("section", { id: "left-seat", class: "notice", hidden: true },
    el("p", { text: t("room.left_seat_help") }),
    el("button", { type: "button", id: "take-back", class: "primary", text: t("room.take_back"), onclick: () => takeBack() }));
  document.getElementById("room-error").after(leftPanel, votePanel);
  let summary = null;

  const mine = () => summary?.seats.find((s) => s.seat === me());

  async function post(path, body) {
    try {
      await call("POST", `/api/rooms/${encodeURIComponent(code)}${path}`, { token: token(), body });
    } catch (error) {
      showError(errorText(error));
      announce(errorText(error), { urgent: true });
    }
  }

  function renderVote(vote, seated) {
    if (!vote) {
      votePanel.hidden = true;
      votePanel.replaceChildren();
      return;
    }
    const by = summary.seats.find((s) => s.seat === vote.by)?.name ?? "";
    const voted = vote.yes.includes(me()) || vote.no.includes(me());
    votePanel.replaceChildren(
      el("p", { text: t(vote.kind === "bots" ? "notice.vote_open_bots" : "notice.vote_open_abandon", { name: by }) }),
      el("p", { class: "muted", text: t("vote.count", { yes: vote.yes.length, needed: vote.needed }) }),
      seated && !voted
        ? el("div", { class: "share-row" },
          el("button", { type: "button", class: "primary small", id: "vote-yes", text: t("vote.yes"), onclick: () => post("/end-vote/answer", { yes: true }) }),
          el("button", { type: "button", class: "secondary small", id: "vote-no", text: t("vote.no"), onclick: () => post("/end-vote/answer", { yes: false }) }))
        : null,
    );
    votePanel.hidden = false;
  }

  return {
    setSummary(next) {
      summary = next;
      const running = next.status === "playing" && !next.ended_by;
      const seated = running && me() !== null;
      awayButton.hidden = !seated;
      awayButton.textContent = mine()?.away ? t("away.me_back") : t("away.me_away");
      awayButton.setAttribute("aria-pressed", String(Boolean(mine()?.away)));
      proposeBots.hidden = !seated || Boolean(next.end_vote);
      proposeAbandon.hidden = !seated || Boolean(next.end_vote);
      endMenu.hidden = proposeBots.hidden;
      leftPanel.hidden = !(running && me() === null && leftSeat());
      renderVote(running ? next.end_vote : null, seated);
    },
  };
}
