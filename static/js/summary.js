// The room summary (GET /api/rooms/{code} or a socket `room` message) in one
// shape: {code, game, title, status, seeded, min_seats, max_seats,
// seats: [{seat, name, bot, host, connected, left, botAt}], you, is_host, deadline,
// timer_seconds, chat, rematch}.
import { t } from "./i18n.js";

// The server names unnamed seats in English ("Bot 2", "Player 3"); show those
// in the reader's language. Names people chose are shown as they are.
export function displayName(name, bot) {
  const match = /^(Bot|Player) (\d+)$/.exec(name);
  if (!match || (match[1] === "Bot") !== bot) return name;
  return t(bot ? "names.bot" : "names.player", { n: match[2] });
}

export function normaliseSummary(raw, previous = null) {
  const room = raw ?? {};
  const seats = (room.seats ?? previous?.seats ?? []).map((seat, index) => ({
    seat: seat.seat ?? index,
    name: displayName(seat.name ?? "", Boolean(seat.bot)),
    bot: Boolean(seat.bot),
    host: Boolean(seat.host),
    connected: Boolean(seat.connected),
    left: Boolean(seat.left),
    // When (this browser's clock, seconds) the host may hand this away seat to a bot; null
    // while the seat is connected or a bot (app.rooms.group).
    botAt: typeof seat.bot_in === "number" ? Date.now() / 1000 + seat.bot_in : null,
    // A bot plays it for a player who keeps it (away); a spectator asked for it (app.rooms.summary_extras).
    away: Boolean(seat.away),
    requested: Boolean(seat.requested),
    // Each request: {from: spectator id, name given, named, yes: seats that agreed}.
    requests: Array.isArray(seat.requests) ? seat.requests : [],
  }));
  return {
    code: room.code ?? previous?.code,
    game: room.game ?? previous?.game,
    title: room.title ?? previous?.title,
    status: room.status ?? previous?.status ?? "lobby",
    v: typeof room.v === "number" ? room.v : previous?.v ?? 0,
    seeded: Boolean(room.seeded ?? previous?.seeded),
    min_seats: room.min_seats ?? previous?.min_seats ?? 1,
    max_seats: room.max_seats ?? previous?.max_seats ?? 99,
    seats,
    // Only in socket `room` messages: who this connection is.
    you: "you" in room ? room.you : previous?.you,
    is_host: "is_host" in room ? Boolean(room.is_host) : previous?.is_host,
    // When the running timer fires, in this browser's clock (seconds).
    deadline: typeof room.deadline_in === "number" ? Date.now() / 1000 + room.deadline_in : null,
    timer_seconds: room.timer_seconds ?? null,
    // Group play: chat settings and the rematch room's code (app.rooms.group).
    chat: room.chat ?? previous?.chat ?? { spectators: true, muted: [] },
    rematch: room.rematch ?? previous?.rematch ?? null,
    // The host's "odds for players" (app.rooms.odds_option): players see the live odds too.
    odds_players: Boolean(room.odds_players ?? previous?.odds_players),
    // The game's options, and the lobby of a group (app/rooms/group_lobby.py): {ready, auto_start, asks}.
    options: room.options ?? previous?.options ?? {},
    lobby: room.lobby ?? (room.status && room.status !== "lobby" ? null : previous?.lobby ?? null),
    // Named spectators (app/rooms/spectators.py): {count, named: [{id, name}]}.
    spectators: room.spectators ?? previous?.spectators ?? { count: 0, named: [] },
    // Ending the game by vote: the open proposal, and how a vote ended it (app.rooms.end_vote).
    end_vote: "end_vote" in room ? room.end_vote : previous?.end_vote ?? null,
    ended_by: room.ended_by ?? previous?.ended_by ?? null,
  };
}
