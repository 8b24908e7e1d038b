import { describe, expect, it, vi } from 'vitest';
import { createNavigationQueue } from './navigationQueue';

describe('createNavigationQueue', () => {
  it('keeps the last navigation asked for before a router connects, and gives it on connect', () => {
    const queue = createNavigationQueue();
    queue.navigate('/dashboard/pedidos');
    queue.navigate('/dashboard/login');
    const navigate = vi.fn();
    queue.connect(navigate);
    expect(navigate.mock.calls).toEqual([['/dashboard/login']]);
  });

  it('passes navigations straight to a connected router, and queues again once it disconnects', () => {
    const queue = createNavigationQueue();
    const first = vi.fn();
    const disconnect = queue.connect(first);
    queue.navigate('/a');
    expect(first.mock.calls).toEqual([['/a']]);
    disconnect();
    queue.navigate('/b');
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    queue.connect(second);
    expect(second.mock.calls).toEqual([['/b']]);
  });

  it("ignores an old router's disconnect once a newer one is connected", () => {
    const queue = createNavigationQueue();
    const disconnectOld = queue.connect(vi.fn());
    const current = vi.fn();
    queue.connect(current);
    disconnectOld();
    queue.navigate('/c');
    expect(current.mock.calls).toEqual([['/c']]);
  });
});
