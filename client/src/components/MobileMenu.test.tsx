import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMobileMenu } from './MobileMenu';

function Harness() {
  const bar = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const menu = useMobileMenu([bar, panel]);
  return (
    <>
      <div ref={bar}>
        <button type="button" onClick={menu.toggle}>
          toggle
        </button>
      </div>
      {menu.open && (
        <div ref={panel} data-testid="panel">
          <a href="#x">inside</a>
        </div>
      )}
      <p>outside</p>
    </>
  );
}

const resizeTo = (width: number) =>
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });

afterEach(() => {
  cleanup();
  resizeTo(1024);
});

describe('mobile menu behaviour', () => {
  it('locks the page scroll while open and gives it back when closed', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('toggle'));
    expect(screen.getByTestId('panel')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByText('toggle'));
    expect(screen.queryByTestId('panel')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a click outside, not on one inside the panel or its bar', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.pointerDown(screen.getByText('inside'));
    expect(screen.getByTestId('panel')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByTestId('panel')).toBeNull();
  });

  it('closes on Escape and once the window is 768 px or wider', () => {
    render(<Harness />);
    resizeTo(390);
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('panel')).toBeNull();

    fireEvent.click(screen.getByText('toggle'));
    resizeTo(767);
    expect(screen.getByTestId('panel')).toBeTruthy();
    resizeTo(768);
    expect(screen.queryByTestId('panel')).toBeNull();
  });
});
