// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The knowledge base article "Single sign-on: signing in with school accounts" (issue 30, item 5: "a knowledge base
// article for district administrators"): what single sign-on does, the connection's settings screen step by step
// (the redirect address, each provider's console, the tenant for Microsoft, the email domains, Test connection and
// what it says, password sign-in off and its break-glass, creating logins at a first sign-in, removing), and how
// people then sign in, with a picture of the real screen (client/help/single-sign-on.png, `npm run help-images`).
// Published to every district user, in "Getting started", as 20261202_0171 wrote its article: the article, its first
// version (edited_by empty: Coachwell's own text), added only when no article has its slug.
//
// down: removes the article only while it is still exactly as this migration wrote it.
import type { Kysely } from 'kysely';
import { insertArticleOnce, removeArticleIfUntouched } from '../migrationHelpers';

export const SLUG = 'single-sign-on';
export const TITLE = 'Single sign-on: signing in with school accounts';
const CATEGORY = 'getting-started';

export async function up(db: Kysely<any>): Promise<void> {
  await insertArticleOnce(db, { slug: SLUG, title: TITLE, category: CATEGORY, body: BODY });
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeArticleIfUntouched(db, { slug: SLUG, body: BODY });
}

export const BODY = `With single sign-on, your district's people sign in to Coachwell with the school account they already have (Google Workspace, Microsoft 365, Clever or ClassLink, or any other OpenID Connect provider) instead of one more password. Single sign-on is part of the Enterprise plan. A district administrator sets it up once; this article walks through it.

![The Single sign-on settings: the redirect address to copy and the district's connections](/help/single-sign-on.png)

## Before you start

- You need to be a district administrator (the **manage settings** permission).
- You need access to your provider's admin console (or the person in IT who has it): you will register Coachwell there and copy two values back.
- Know your people's school email domains, for example riverbend.org and staff.riverbend.org.

## Setting up a connection

1. In the menu, open **Single sign-on** (with the other settings).
2. Under **Redirect address**, select **Copy**. In your provider's console, register an application (a "web application" or "OAuth client") for Coachwell and paste this address where it asks for a redirect URI or callback URL.
3. Back in Coachwell, select **Add a connection** and choose the **Provider**:
   - **Google**, **Clever** and **ClassLink**: Coachwell fills in the provider's address (the issuer) for you.
   - **Microsoft Entra ID**: type your **Tenant**, the directory (tenant) ID from the Microsoft Entra admin center, or your district's primary domain.
   - **Other OpenID Connect provider**: type the provider's **Issuer** address.
4. Copy the **Client ID** and **Client secret** from the provider's console. The secret is stored encrypted and never shown again: to change it later, type a new one.
5. Under **Email domains**, list your people's school email domains, separated by commas. Only addresses in these domains can sign in through the connection, and a domain can belong to one district only.
6. Select **Add connection**, then **Test connection**.

One connection per provider: a district that uses Google for staff and Clever for a portal adds both.

## What Test connection tells you

Test connection asks the provider for its sign-in details and says, in words, what it found:

- *Connected*: the provider answers and did not refuse the client ID. The first real sign-in confirms the rest, so try it yourself next.
- *could not be reached*: check the issuer's spelling (or the tenant for Microsoft).
- *not an OpenID issuer*: the address answers, but it is not the provider's issuer. Copy it again from the provider's documentation.
- *names a different issuer*: type the issuer exactly as the provider gives it; for Microsoft, check the tenant.
- *refused the client id or secret*: copy both again from the provider's console.

The last result stays on the connection, with its date and time. Changing the issuer, the client ID or the secret clears it: test again.

## Password sign-in

**Keep password sign-in on** is ticked at first, so people can sign in either way while you try it out. When everyone signs in with their school account, change the connection and untick it. Coachwell warns you before you save: with password sign-in off, everyone in the district signs in with their school account only, including people who have not used it yet (their first sign-in links it). District administrators keep their password as a break-glass, so you can still reach the settings if the provider is down or a connection is set up wrong.

## New people at their first sign-in

**Create an educator login at someone's first sign-in** is off at first: a person needs a login in **Users** before they can sign in, and someone without one is told to ask you. Turn it on and anyone with an address in your domains gets an educator login the first time they sign in. You can change their role afterwards in **Users**.

## How your people sign in

On the login page, people select **Sign in with your school account** and type their school email: Coachwell finds your district's connection from the email's domain and sends them to the provider. The first time, their login is linked to their school account, and the link stays if their email changes later at the provider.

## Removing a connection

Select **Remove** beside the connection and confirm. People can no longer sign in with that provider; they use a password, or another connection. If the removed connection had turned password sign-in off, passwords work again unless another connection keeps them off.

## Good to know

- Coachwell staff can see your connections and test them when you ask for help, but only your district's administrators can add, change or remove one.
- Adding, changing and removing a connection are recorded in your district's activity log, never with the secret.
`;
