/** Pure helpers behind the admin countries and users screens. */
import type { Role } from "@marquee/contracts/users";

export const USERS_PAGE_SIZE = 20;

export interface UserFilters {
  q: string;
  role: Role | null;
  status: "active" | "inactive" | null;
  page: number;
}

/** The query for GET /users/search: one page of `USERS_PAGE_SIZE`, newest first, blank filters left out. */
export function usersSearchQuery(filters: UserFilters) {
  const page = Math.max(1, Math.floor(filters.page) || 1);
  return {
    q: filters.q.trim() || undefined,
    role: filters.role ?? undefined,
    status: filters.status ?? undefined,
    limit: USERS_PAGE_SIZE,
    offset: (page - 1) * USERS_PAGE_SIZE,
    sortBy: "createdAt" as const,
    sort: "desc" as const,
  };
}

/** How many pages `total` results fill (at least one, so the pager never shows zero). */
export function pageCount(total: number, pageSize = USERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Country options for the block picker: those not blocked yet, by name. */
export function blockableCountries(
  countries: ReadonlyArray<{ code: string; name: string }>,
  blocked: ReadonlyArray<{ countryCode: string }>,
): Array<{ value: string; label: string }> {
  const taken = new Set(blocked.map((b) => b.countryCode.toUpperCase()));
  return countries
    .filter((c) => !taken.has(c.code.toUpperCase()))
    .map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
