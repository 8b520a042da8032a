import { afterEach, describe, expect, it } from 'vitest';
import { noteMemberHint, releaseShell } from './shell';

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'pq_member=; path=/; max-age=0';
});

describe('prerendered shell hand-over', () => {
  it('removes the shell, which unhides the root, once; without a shell it does nothing', () => {
    document.body.innerHTML = '<div id="shell"><h1>Play games.</h1></div><div id="root"><div><h1>Play games.</h1></div></div>';
    releaseShell();
    expect(document.getElementById('shell')).toBeNull();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    releaseShell();
    expect(document.getElementById('root')!.innerHTML).toBe('<div><h1>Play games.</h1></div>');
  });
});

describe('member hint cookie', () => {
  it('is set while a member is signed in and cleared on sign-out; loading changes nothing', () => {
    noteMemberHint('signed-in');
    expect(document.cookie).toContain('pq_member=1');
    noteMemberHint('loading');
    expect(document.cookie).toContain('pq_member=1');
    noteMemberHint('signed-out');
    expect(document.cookie).not.toContain('pq_member=1');
  });
});
