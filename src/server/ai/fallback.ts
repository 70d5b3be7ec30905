/** The five canned supportive replies, for when the model fails, times out or answers nothing usable. */
export const CANNED_REPLIES = [
  "I'm here with you. I couldn't put my thoughts together just now, but I'd really like to hear more. What feels heaviest right now?",
  "Thank you for sharing that with me. I'm having a little trouble answering at the moment. Could you tell me a bit more about how you're feeling?",
  "I hear you, and what you're going through matters. While I gather myself, try taking one slow breath in for four counts and out for six. I'm still listening.",
  "I'm sorry, I couldn't form a proper reply just now. You're not alone in this. Would you like to keep talking about what's on your mind?",
  "That sounds like a lot to carry. I'm having a moment of difficulty responding, but I'm here. What would feel most helpful to talk about?",
] as const;

let next = 0;
export function cannedReply(): string {
  next = (next + 1) % CANNED_REPLIES.length;
  return CANNED_REPLIES[next]!;
}
