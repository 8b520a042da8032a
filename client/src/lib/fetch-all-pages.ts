/**
 * Fetches a list page by page until a page comes back shorter than `perPage`.
 * Also stops at the reported last page, and after `maxPages`, so a server that ignores `page`
 * cannot keep the loop going.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number) => Promise<{ data: T[]; total_pages?: number }>,
  perPage: number,
  maxPages = 50,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data, total_pages: totalPages } = await fetchPage(page);
    all.push(...data);
    if (data.length < perPage || (totalPages !== undefined && page >= totalPages)) break;
  }
  return all;
}
