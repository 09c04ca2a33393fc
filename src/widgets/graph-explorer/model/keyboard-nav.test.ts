import { describe, expect, it } from 'vitest';
import { edgeOrder, keyAction, nearestInDirection, startNode, stepEdge, type NavPoint } from './keyboard-nav';

const pt = (id: string, x: number, y: number): NavPoint => ({ id, x, y });
// A plus shape around c, with a far node straight right and a near one off to the lower right.
const c = pt('c', 0, 0);
const points = [c, pt('up', 0, -100), pt('down', 0, 100), pt('left', -100, 0), pt('far', 300, 0), pt('side', 60, 90)];

describe('keyAction', () => {
  it('maps arrows to moves, Shift+arrows to edge steps, Enter/Space to open, E/F2 to edit, Escape to clearing the edge', () => {
    expect(keyAction({ key: 'ArrowLeft', shiftKey: false })).toEqual({ kind: 'move', direction: 'left' });
    expect(keyAction({ key: 'ArrowDown', shiftKey: true })).toEqual({ kind: 'edge', step: 1 });
    expect(keyAction({ key: 'ArrowRight', shiftKey: true })).toEqual({ kind: 'edge', step: 1 });
    expect(keyAction({ key: 'ArrowUp', shiftKey: true })).toEqual({ kind: 'edge', step: -1 });
    expect(keyAction({ key: 'Enter', shiftKey: false })).toEqual({ kind: 'open' });
    expect(keyAction({ key: ' ', shiftKey: false })).toEqual({ kind: 'open' });
    expect(keyAction({ key: 'e', shiftKey: false })).toEqual({ kind: 'edit' });
    expect(keyAction({ key: 'F2', shiftKey: false })).toEqual({ kind: 'edit' });
    expect(keyAction({ key: 'Escape', shiftKey: false })).toEqual({ kind: 'clearEdge' });
  });

  it('leaves Tab, letters and browser shortcuts to the page', () => {
    expect(keyAction({ key: 'Tab', shiftKey: false })).toBeNull();
    expect(keyAction({ key: 'a', shiftKey: false })).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', shiftKey: false, altKey: true })).toBeNull();
    expect(keyAction({ key: 'e', shiftKey: false, ctrlKey: true })).toBeNull();
  });
});

describe('nearestInDirection', () => {
  it('moves to the node straight ahead in each direction', () => {
    expect(nearestInDirection(c, points, 'up')).toBe('up');
    expect(nearestInDirection(c, points, 'down')).toBe('down');
    expect(nearestInDirection(c, points, 'left')).toBe('left');
  });

  it('prefers a node straight ahead over a nearer one far off to the side', () => {
    // 'side' (60 ahead, 90 off the line) costs 60 + 2·90 = 240 against 'far' at 300, so it wins;
    // 130 off the line it costs 320 and the node straight ahead wins.
    expect(nearestInDirection(c, points, 'right')).toBe('side');
    const offLine = points.map((p) => (p.id === 'side' ? pt('side', 60, 130) : p));
    expect(nearestInDirection(c, offLine, 'right')).toBe('far');
  });

  it('returns null when nothing lies that way, and never the node itself', () => {
    expect(nearestInDirection(pt('up', 0, -100), points, 'up')).toBeNull();
    expect(nearestInDirection(c, [c], 'left')).toBeNull();
  });

  it('breaks ties by id so the same picture always gives the same answer', () => {
    expect(nearestInDirection(c, [c, pt('b', 50, 10), pt('a', 50, -10)], 'right')).toBe('a');
  });
});

describe('startNode', () => {
  it('starts on the focus node of a focused view', () => {
    expect(startNode(points, 'far')).toBe('far');
  });
  it('else on the node nearest the middle; null without nodes', () => {
    expect(startNode([pt('a', 0, 0), pt('b', 10, 0), pt('z', 100, 0)], null)).toBe('b');
    expect(startNode([], null)).toBeNull();
    expect(startNode([pt('a', 0, 0)], 'gone')).toBe('a');
  });
});

describe('edge order and stepping', () => {
  const positions = new Map(points.map((p) => [p.id, p]));
  const links = [
    { id: 'to-left', source: 'c', target: 'left' },
    { id: 'to-up', source: 'up', target: 'c' },
    { id: 'to-down', source: 'c', target: 'down' },
    { id: 'to-far', source: 'c', target: 'far' },
    { id: 'elsewhere', source: 'up', target: 'left' },
  ];

  it("walks the node's own edges clockwise from straight up", () => {
    expect(edgeOrder(c, links, positions)).toEqual(['to-up', 'to-far', 'to-down', 'to-left']);
  });

  it('steps forwards and backwards, wrapping round; starts at the first or last', () => {
    const order = ['a', 'b', 'c'];
    expect(stepEdge(order, null, 1)).toBe('a');
    expect(stepEdge(order, null, -1)).toBe('c');
    expect(stepEdge(order, 'c', 1)).toBe('a');
    expect(stepEdge(order, 'a', -1)).toBe('c');
    expect(stepEdge(order, 'gone', 1)).toBe('a');
    expect(stepEdge([], null, 1)).toBeNull();
  });
});
