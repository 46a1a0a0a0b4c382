// The room's chat beside the replay: the finished room's socket, as the seat this browser
// holds (static/js/api.js) or as a spectator. Only chat messages are used here.
import { loadSeat } from "./api.js";
import { mountChat } from "./chat.js";
import { errorText } from "./errors.js";
import { normaliseSummary } from "./summary.js";
import { RoomSocket } from "./socket.js";
import { spectatorKey } from "./spectator_key.js";

const code = document.body.dataset.roomCode;
const seat = loadSeat(code);
let summary = null;

const socket = new RoomSocket(code, {
  hello: () => (seat ? { type: "hello", token: seat.token } : { type: "hello", spectator: spectatorKey() }),
  onMessage(message) {
    if (message.type === "room") {
      summary = normaliseSummary(message, summary);
      chat.setSummary(summary);
    } else if (message.type === "error" && message.code !== "bad_token") {
      chat.refused(errorText(message));
    } else {
      chat.receive(message);
    }
  },
  onStatus() {},
});

const chat = mountChat({
  send: (message) => socket.send(message),
  seatName: (n) => summary?.seats.find((s) => s.seat === n)?.name ?? null,
});
socket.connect();
