import { describe, expect, it } from 'vitest';
import { createRouteHistogram } from './route-histogram';

describe('route duration histogram', () => {
  it('renders cumulative buckets, +Inf, sum and count per method, route and status', () => {
    const h = createRouteHistogram('d', 'durations', [0.01, 0.1]);
    h.observe('GET', '/a', 200, 0.005);
    h.observe('GET', '/a', 200, 0.05);
    h.observe('GET', '/a', 200, 3);
    h.observe('POST', '/a', 400, 0.02);
    const text = h.render();
    expect(text).toContain('# TYPE d histogram');
    const a = 'method="GET",route="/a",status="200"';
    expect(text).toContain(`d_bucket{${a},le="0.01"} 1`);
    expect(text).toContain(`d_bucket{${a},le="0.1"} 2`);
    expect(text).toContain(`d_bucket{${a},le="+Inf"} 3`);
    expect(text).toContain(`d_sum{${a}} 3.055`);
    expect(text).toContain(`d_count{${a}} 3`);
    expect(text).toContain('d_count{method="POST",route="/a",status="400"} 1');
  });

  it('escapes quotes and backslashes in label values', () => {
    const h = createRouteHistogram('d', 'durations', [1]);
    h.observe('GET', '/x"y\\z', 200, 0.5);
    expect(h.render()).toContain('route="/x\\"y\\\\z"');
  });
});
