/**
 * The meta entry names under which an offer's or a blog post's route head carries its record
 * (./seo-head offerHead, blogPostHead) for ./seo-apply to make into the page's metadata. Apart from
 * both, so neither pulls in the other's chunk.
 */
export const SEO_RECORD = { offer: 'playquid:offer-seo', post: 'playquid:post-seo' } as const;
