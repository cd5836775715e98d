const KNOWN: Record<string, string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' };

/** Known plans get their proper name; any other string is shown as the service sent it. */
export function planLabel(planType: string): string {
  return KNOWN[planType] ?? planType;
}
