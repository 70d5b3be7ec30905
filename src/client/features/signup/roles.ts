import type { SignupRole } from '../../../shared/limits';

/** Step 1 of the wizard: the spec's role cards, word for word. */
export const ROLE_CARDS: { role: SignupRole; title: string; text: string }[] = [
  { role: 'user', title: 'User', text: 'Join as a regular user' },
  { role: 'therapist', title: 'Therapist', text: 'Provide professional support' },
  { role: 'ngo', title: 'NGO', text: 'Represent an organization' },
  { role: 'volunteer', title: 'Volunteer', text: 'Help others in the community' },
];
