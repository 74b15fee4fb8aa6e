import { describe, expect, it } from 'vitest';
import { relativeTo, routeOf } from './routes.ts';

describe('the operation a recorded request asked for', () => {
  it('reads each operation on its own path, the query and the id as sent', () => {
    expect(routeOf('GET', '/store/orders?limit=1')).toEqual({ op: 'list', query: 'limit=1', spelled: false });
    expect(routeOf('DELETE', '/store/orders/7abc')).toEqual({
      op: 'cancel',
      id: '7abc',
      query: '',
      spelled: false,
    });
    expect(routeOf('GET', '/pets/101')).toEqual({ op: 'pets', id: '101', query: '', spelled: false });
    expect(routeOf('HEAD', '/store/orders')).toMatchObject({ op: 'list' });
  });

  it('reads a path spelled the ways a router may still take for the operation', () => {
    for (const path of [
      '/store/orders/',
      '//store/orders',
      '/store/./orders',
      '/store/x/../orders',
      '/Store/Orders',
      '/st%6Fre/orders',
      '/store%2Forders',
      '/store;x/orders',
    ])
      expect(routeOf('GET', path), path).toMatchObject({ op: 'list', spelled: true });
    expect(routeOf('DELETE', '/store/orders/7/')).toMatchObject({ op: 'cancel', id: '7', spelled: true });
  });

  it('takes no other method or path for an operation', () => {
    expect(routeOf('DELETE', '/store/orders')).toBeUndefined();
    expect(routeOf('POST', '/store/orders')).toBeUndefined();
    expect(routeOf('GET', '/store-zz-no-route/orders')).toBeUndefined();
    expect(routeOf('DELETE', '/store/orders/')).toBeUndefined();
  });

  it('reads a URL below the base URL as sent, never normalised, and nothing of another origin', () => {
    const base = 'https://api.example.com:443/v1';
    expect(relativeTo('https://API.example.com/v1//store/orders?x=1#f', base)).toBe('//store/orders?x=1');
    expect(relativeTo('https://api.example.com/v2/store/orders', base)).toBeUndefined();
    expect(relativeTo('http://api.example.com/v1/store/orders', base)).toBeUndefined();
    expect(relativeTo('https://api.example.com/v1', base)).toBe('');
  });
});
