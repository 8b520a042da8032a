import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePublicQuery } from './public-query';

afterEach(cleanup);

function Stats({ queryFn, label }: { queryFn: () => Promise<string>; label: string }) {
  const { data, isPending, error } = usePublicQuery({ queryKey: ['test', label], queryFn, retry: false });
  return <p data-testid={label}>{isPending ? 'loading' : error ? `error: ${error.message}` : data}</p>;
}

describe('usePublicQuery without TanStack Query loaded', () => {
  it('shows pending, then the answer; components on one key share one request', async () => {
    const queryFn = vi.fn(async () => 'twelve');
    render(
      <>
        <Stats queryFn={queryFn} label="shared" />
        <Stats queryFn={queryFn} label="shared" />
      </>,
    );
    expect(screen.getAllByTestId('shared').map((p) => p.textContent)).toEqual(['loading', 'loading']);
    await waitFor(() => expect(screen.getAllByTestId('shared').map((p) => p.textContent)).toEqual(['twelve', 'twelve']));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('a failure with retry: false is reported at once, asked once', async () => {
    const queryFn = vi.fn(async (): Promise<string> => {
      throw new Error('down');
    });
    render(<Stats queryFn={queryFn} label="failing" />);
    await waitFor(() => expect(screen.getByTestId('failing').textContent).toBe('error: down'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('a fresh answer is reused when the section mounts again', async () => {
    const queryFn = vi.fn(async () => 'once');
    const first = render(<Stats queryFn={queryFn} label="remount" />);
    await waitFor(() => expect(screen.getByTestId('remount').textContent).toBe('once'));
    first.unmount();
    await act(async () => {
      render(<Stats queryFn={queryFn} label="remount" />);
    });
    expect(screen.getByTestId('remount').textContent).toBe('once');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
