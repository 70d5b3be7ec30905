/**
 * The built-in companion, used when no model is configured: it runs on no network and no model
 * weights. It reflects what the person said by theme, validates it, sometimes offers a small
 * grounding exercise, and asks one open question. It is honest that it is a simple AI.
 */
import type { AiProvider, GenerateRequest } from './provider';
import { detectRisk } from '../../shared/safety';

interface Theme {
  match: RegExp;
  reflections: string[];
}

const THEMES: Theme[] = [
  { match: /\b(are you|r u) (a )?(human|real|person|bot|therapist|ai)\b|\bwho are you\b/, reflections: [
    "I'm Aura, an AI companion: not a person and not a therapist. I can listen, help you untangle thoughts and suggest small things that might help. For professional support, the person who referred you to Haven is there too.",
  ] },
  { match: /\b(anxious|anxiety|panic|nervous|worried|worry|scared|afraid|on edge|overthink)/, reflections: [
    'It sounds like worry has a strong grip on you right now, and that is exhausting.',
    'Anxiety can make everything feel urgent at once. It makes sense that you feel on edge.',
    'Feeling this nervous is hard, and you are not weak for feeling it.',
  ] },
  { match: /\b(sad|down|depress|empty|numb|crying|cry|hopeless|low)\b/, reflections: [
    'I hear how heavy things feel for you right now.',
    'Feeling this low is painful, and it took something to put it into words.',
    'It sounds like a lot of sadness is sitting with you today.',
  ] },
  { match: /\b(lonely|alone|isolated|no friends|nobody (talks|listens))\b/, reflections: [
    'Loneliness can hurt in a very physical way. I am glad you reached out here.',
    'It sounds like you have been feeling very alone with all of this.',
  ] },
  { match: /\b(angry|anger|furious|mad at|frustrat|annoyed|rage)\b/, reflections: [
    'That sounds really frustrating. Anger often shows up when something important to us was crossed.',
    'It makes sense to feel angry about that.',
  ] },
  { match: /\b(exam|study|studies|school|college|university|deadline|homework|grades|work|job|boss)\b/, reflections: [
    'Pressure from studies or work can pile up fast, especially when it feels like everything is due at once.',
    'It sounds like expectations are weighing on you.',
  ] },
  { match: /\b(sleep|insomnia|tired|exhausted|can'?t rest)\b/, reflections: [
    'Not sleeping well makes everything else harder to carry.',
    'Being this tired wears down even the strongest person.',
  ] },
  { match: /\b(partner|boyfriend|girlfriend|husband|wife|breakup|broke up|family|parents?|mom|dad|friend)\b/, reflections: [
    'Relationships can bring up some of our strongest feelings.',
    'It sounds like someone close to you is at the centre of this.',
  ] },
  { match: /\b(better|good|happy|grateful|thankful|proud|calmer|relieved)\b/, reflections: [
    "I'm really glad to hear that. It's worth pausing to notice moments like this.",
    'That sounds like a good moment. What do you think helped?',
  ] },
  { match: /^(hi|hello|hey|good (morning|evening|afternoon))\b/, reflections: [
    "Hi, I'm Aura. I'm glad you're here. How are you feeling today, really?",
    "Hello. This is a space just for you. What's on your mind?",
  ] },
];

const FALLBACK_REFLECTIONS = [
  'Thank you for telling me. I want to make sure I understand.',
  "I'm listening, and what you share matters here.",
  'That sounds important to you.',
];

const EXERCISES = [
  'If it helps, try a slow breath with me: in for 4 counts, hold for 4, out for 6. Three rounds is enough.',
  'A small grounding exercise: name **5** things you can see, **4** you can touch, **3** you can hear, **2** you can smell and **1** you can taste.',
  'You might try putting both feet flat on the floor and noticing the weight of your body in the chair for a few breaths.',
  'Sometimes writing it down helps. Your private diary in Haven is a safe place to put a few lines.',
  'Could you message someone you trust, even just to say hello? Connection often helps more than we expect.',
];

const QUESTIONS = [
  'What feels hardest about it right now?',
  'When did you start feeling this way?',
  'What usually helps you, even a little, when things feel like this?',
  'Would you like to tell me more about what happened?',
  'What would you say to a friend who felt the way you do?',
  'Is there one small thing that could make the next hour a bit easier?',
];

/** A stable pick that still varies from one turn to the next. */
function pick<T>(items: readonly T[], seed: number): T {
  return items[Math.abs(seed) % items.length]!;
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

export function companionReply(text: string, turn: number, hasImage = false): string {
  const lower = text.toLowerCase().trim();
  const seed = hash(lower) + turn * 7;
  // Aura puts the crisis resources first; the companion's part is to stay present, not to coach.
  if (detectRisk(lower)) return "I'm staying right here with you. Would you tell me what has been making things feel so unbearable?";
  if (!lower && hasImage) return `Thank you for sharing this picture with me. I can't see images myself, but I'd love to hear what it means to you. ${pick(QUESTIONS, seed)}`;
  const theme = THEMES.find((t) => t.match.test(lower));
  if (theme && theme === THEMES[0]) return theme.reflections[0]!;
  const reflection = pick(theme?.reflections ?? FALLBACK_REFLECTIONS, seed);
  // Every other turn, offer something to try; the rest of the time, just listen.
  const exercise = turn % 2 === 0 && theme !== THEMES.at(-1) ? `\n\n${pick(EXERCISES, seed >> 3)}` : '';
  return `${reflection}${exercise}\n\n${pick(QUESTIONS, seed >> 5)}`;
}

export class CompanionProvider implements AiProvider {
  readonly name = 'built-in companion';

  async generate({ turns }: GenerateRequest): Promise<string | null> {
    const last = turns.at(-1);
    const userTurns = turns.filter((t) => t.role === 'user').length;
    return companionReply(last?.text ?? '', userTurns, Boolean(last?.image));
  }
}
