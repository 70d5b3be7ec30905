/**
 * The seven steps of the Stanley–Brown safety plan, in its own order: the plan is used from the
 * top down in a hard moment, starting with what a person can do alone.
 */
import type { SafetyPlanSection } from '../../db/database';


export interface SectionInfo {
  title: string;
  prompt: string;
}

export const SECTIONS: Record<SafetyPlanSection, SectionInfo> = {
  warningSigns: {
    title: 'Warning signs',
    prompt: 'What tells me a crisis may be coming? Thoughts, feelings, situations.',
  },
  copingStrategies: {
    title: 'Things I can do on my own',
    prompt: 'What helps me feel a little calmer without anyone else? A walk, music, a shower.',
  },
  distractions: {
    title: 'People and places that distract me',
    prompt: 'Who or where can take my mind off things for a while?',
  },
  helpers: {
    title: 'People I can ask for help',
    prompt: 'Who can I tell how I am really feeling? Add how to reach them.',
  },
  professionals: {
    title: 'Professionals and crisis lines',
    prompt: 'Who can I call or message when I need more help, day or night?',
  },
  saferSurroundings: {
    title: 'Making my surroundings safer',
    prompt: 'What can I put away, hand to someone or keep out of reach while things are hard?',
  },
  reasonsForLiving: {
    title: 'Reasons for living',
    prompt: 'What matters to me and is worth staying for?',
  },
};

/** Short item text: a plan read in a hard moment has to be quick to take in. */
export const ITEM_MAX_LENGTH = 300;
