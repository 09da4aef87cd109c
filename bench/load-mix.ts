// The load benchmark's request mix (bench/load-bench.ts), shared with the multi-node benchmark
// (bench/multi-node-bench.ts): list/search 70%, voter create 10%, update 10%, analytics 10%.

export type Kind = 'list/search' | 'create' | 'update' | 'analytics';

export interface MixRequest {
  kind: Kind;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: Record<string, unknown>;
}

// A deterministic random stream per client, so runs are comparable.
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SEARCHES = ['sunita', 'rahul vitthal', 'सुनीता', 'priya ganesh', '98765', 'patil', 'गणेश'];
const ANALYTICS = ['dashboard', 'gender', 'age-groups', 'areas', 'caste', 'political-preference', 'caste-political-cross'];

export interface MixClient {
  next: () => number;
  clientIndex: number;
  // Creates made by this client so far (each create's voter number and ID are unique).
  counter: number;
  // Unique per run, so two runs on one database never collide on a voter ID.
  runId: string;
  // The voter a PUT changes.
  updateId: () => number;
}

// The next request of one client.
export function nextRequest(client: MixClient): MixRequest {
  const { next } = client;
  const roll = next();
  if (roll < 0.7) {
    const pick = next();
    const query =
      pick < 0.4
        ? `search=${encodeURIComponent(SEARCHES[Math.floor(next() * SEARCHES.length)] ?? 'a')}`
        : pick < 0.7
          ? `booth=Booth-${String(1 + Math.floor(next() * 396)).padStart(2, '0')}&gender=Female`
          : `page=${1 + Math.floor(next() * 50)}`;
    return { kind: 'list/search', method: 'GET', path: `/api/voters?${query}` };
  }
  if (roll < 0.8) {
    client.counter += 1;
    const { clientIndex, counter, runId } = client;
    return {
      kind: 'create',
      method: 'POST',
      path: '/api/voters',
      body: { voter_no: `L-${clientIndex}-${counter}`, full_name: `Load Voter ${clientIndex} ${counter}`, voter_id: `LD${runId}${clientIndex}X${counter}`, booth: 'Booth-07', gender: 'Female', age: 30 },
    };
  }
  if (roll < 0.9) {
    const id = client.updateId();
    return { kind: 'update', method: 'PUT', path: `/api/voters/${id}`, body: { mobile_number: `98${String(Math.floor(next() * 1e8)).padStart(8, '0')}` } };
  }
  return { kind: 'analytics', method: 'GET', path: `/api/analytics/${ANALYTICS[Math.floor(next() * ANALYTICS.length)]}` };
}
