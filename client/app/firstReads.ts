// The API read a screen's largest paint waits for, by route (issue 35). The server names it in a
// `Link: rel=preload` header with the page (server/static.ts), so on a phone's network it travels with the
// scripts instead of after them; the screen's own hook then takes that answer. The address must be the one the
// hook asks for (an educator's profile: client/features/staff/api.ts useStaff, lookups staffKey). Only routes
// whose paint is held by one read are listed: a list's address carries its filters and page.
export const FIRST_READS: Readonly<Record<string, string>> = {
  '/app/staff/:id': '/api/staff/:id',
};
