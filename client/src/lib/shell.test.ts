import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteConsentHint, noteMemberHint, noteShellAnimations, releaseConsentShell, releaseShell } from './shell';
import { listenForShellTaps } from './shell-replay';

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

  it("starts each twin of the shell's running animations that far into it, in document order, reading no style", () => {
    document.body.innerHTML =
      '<div id="shell"><div class="animate-rise"><h1>Play</h1></div><span class="animate-float">£1</span></div>' +
      '<div id="root"><div class="animate-rise"><h1>Play</h1></div><span class="animate-float">£1</span><p class="animate-reveal">Later</p></div>';
    const shell = document.getElementById('shell')!;
    // jsdom runs no CSS animations: the shell's are the browser's as getAnimations() reports them.
    shell.getAnimations = () => [{ animationName: 'rise', startTime: 400 } as unknown as Animation, { animationName: 'float', startTime: 250 } as unknown as Animation];
    Object.defineProperty(document, 'timeline', { configurable: true, value: { currentTime: 1000 } });
    const root = document.getElementById('root')!;
    root.getAnimations = () => {
      throw new Error('the hand-over must not ask for the new page’s animations (that computes its style)');
    };
    noteShellAnimations();
    releaseShell();
    expect(document.getElementById('shell')).toBeNull();
    expect([...root.querySelectorAll<HTMLElement>('[class*="animate-"]')].map((element) => element.style.animationDelay)).toEqual(['-600ms', '-750ms', '']);
    Reflect.deleteProperty(document, 'timeline');
  });
});

describe('a tap in the shell before the hand-over', () => {
  it("is replayed on the app's twin of the control, once; taps elsewhere are not", () => {
    listenForShellTaps(document);
    document.body.innerHTML =
      '<div id="shell"><button data-replay="menu">Menu</button><a href="#top">Top</a></div><div id="root"><button data-replay="menu">Menu</button></div>';
    const opened = vi.fn();
    document.querySelector('#root button')!.addEventListener('click', opened);
    document.querySelector<HTMLElement>('#shell button')!.click();
    document.querySelector<HTMLElement>('#shell a')!.click();
    releaseShell();
    expect(opened).toHaveBeenCalledTimes(1);
    document.querySelector<HTMLElement>('#root button')!.click();
    expect(opened).toHaveBeenCalledTimes(2);

    document.body.innerHTML = '<div id="shell"></div><div id="root"><button data-replay="menu">Menu</button></div>';
    document.querySelector('#root button')!.addEventListener('click', opened);
    releaseShell();
    expect(opened).toHaveBeenCalledTimes(2);
  });
});

describe('consent banner shell', () => {
  it('is removed once, by the app', () => {
    document.body.innerHTML = '<div id="root"></div><div id="shell-consent" inert><section>We use cookies</section></div>';
    releaseConsentShell();
    expect(document.getElementById('shell-consent')).toBeNull();
    releaseConsentShell();
    expect(document.body.innerHTML).toBe('<div id="root"></div>');
  });

  it('keeps the consent hint cookie in step with whether a choice is stored', () => {
    noteConsentHint(true);
    expect(document.cookie).toContain('pq_consent=1');
    noteConsentHint(false);
    expect(document.cookie).not.toContain('pq_consent');
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
