/**
 * What a person agrees to before joining a support group (docs/community-safety.md): a calm default for peer
 * support, used wherever a group has no text of its own (an admin may write one per group).
 */
export const DEFAULT_GROUP_GUIDELINES = [
  'Be kind. Everyone here is going through something; listen before you advise.',
  'No method detail. Talk about how you feel, never about ways to hurt yourself.',
  'Keep personal contact details private: no phone numbers, e-mail or home addresses.',
  'Crisis help is always one tap away in "Get help now". If someone may be in danger, report it.',
].join('\n');

export const guidelinesOf = (own: string | null | undefined): string => (own && own.trim() ? own : DEFAULT_GROUP_GUIDELINES);
