import type { APIRequestContext } from '@playwright/test';
import type { E2eUser } from './e2e-users';

// Direct API calls for setting up data a browser test then looks at.
export async function apiToken(request: APIRequestContext, user: E2eUser): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: user.username, password: user.password } });
  if (!response.ok()) throw new Error(`Sign-in failed for ${user.username}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function createVoterViaApi(request: APIRequestContext, token: string, fields: Record<string, string>): Promise<number> {
  const response = await request.post('/api/voters', { headers: { authorization: `Bearer ${token}` }, multipart: fields });
  if (!response.ok()) throw new Error(`Creating a voter failed: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
