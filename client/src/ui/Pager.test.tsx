import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberedPager, pageButton, Pager, pageWindow } from './Pager';

afterEach(cleanup);

describe('pagers', () => {
  it('shows up to five page numbers around the current page, shifted at the ends', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 9)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(8, 12)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('Previous and Next step one page and stop at the ends; one page alone shows nothing', () => {
    const onPage = vi.fn();
    const { rerender, container } = render(<Pager page={1} totalPages={3} step={pageButton(onPage)} pageTestId="page" />);
    expect(screen.getByTestId('page').textContent).toBe('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pager page={1} totalPages={1} step={pageButton(onPage)} />);
    expect(container.textContent).toBe('');
  });

  it('a pager with a summary shows for a single page too', () => {
    render(<Pager page={1} totalPages={1} step={pageButton(vi.fn())} summary={<p>Showing 2 of 2</p>} />);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Showing 2 of 2');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('the numbered pager marks the current page and moves to the one clicked', () => {
    const onPage = vi.fn();
    render(<NumberedPager page={8} totalPages={12} onPage={onPage} label="Blog pages" />);
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(pages.querySelector('[aria-current="page"]')?.textContent).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage.mock.calls).toEqual([[10], [7]]);
  });
});
