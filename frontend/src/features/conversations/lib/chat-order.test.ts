import { chatMessages } from "./chat-order";
import type { ChatMessage } from "../types";

function message(id: number, sender: ChatMessage["sender"], time: string, content = `message ${id}`): ChatMessage {
  return {
    id,
    sender,
    sender_label: sender === "user" ? "Client" : "IA",
    content,
    kind: "text",
    time,
    status: sender === "user" ? "received" : "sent",
    status_label: "",
    error_code: null,
    error_reason: "",
    intent: "",
    intent_label: "",
    latitude: null,
    longitude: null,
    category: "",
    accurate: null,
    transcript: "",
    transcript_status: "",
    media_url: null,
    product_id: null,
  };
}

describe("the chat's messages", () => {
  it("follow arrival, not the times: a follow-up stamped a second before the reply comes after it", () => {
    const question = message(1, "user", "2026-11-18T10:00:03Z");
    const reply = message(2, "ai", "2026-11-18T10:00:05.700000Z");
    const followUp = message(3, "user", "2026-11-18T10:00:04Z");

    expect(chatMessages([{ results: [followUp, reply, question] }]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("list a message once when a later page repeats it (messages arrived between the two fetches)", () => {
    const page1 = { results: [message(6, "user", "t"), message(5, "ai", "t"), message(4, "user", "t")] };
    const page2 = { results: [message(4, "user", "t", "older copy"), message(3, "ai", "t"), message(2, "user", "t")] };

    const chat = chatMessages([page1, page2]);

    expect(chat.map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
    expect(chat.find((m) => m.id === 4)?.content).toBe("message 4");
  });

  it("are empty before the first page", () => {
    expect(chatMessages([])).toEqual([]);
  });
});
