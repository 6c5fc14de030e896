/** What the audit trail keeps of a user before and after a change: the administered fields, no secrets. */
export interface UserSnapshot {
  firstName: string;
  lastName: string;
  platforms: string[];
  isAdmin: boolean;
  hasTokenDecoder: boolean;
  locked: boolean;
  subscriptions: { product: string; startsAt: string; endsAt: string; databases: string[] | null }[];
}

export function userSnapshot(user: UserSnapshot): UserSnapshot {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    platforms: [...user.platforms].sort(),
    isAdmin: user.isAdmin,
    hasTokenDecoder: user.hasTokenDecoder,
    locked: user.locked,
    subscriptions: user.subscriptions.map(({ product, startsAt, endsAt, databases }) => ({ product, startsAt, endsAt, databases })),
  };
}
