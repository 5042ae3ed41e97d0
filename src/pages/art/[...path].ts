/** Generated artwork of the demo catalogue (see src/lib/demo/artwork.ts): immutable SVG, 404 otherwise. */
import type { APIRoute } from 'astro';
import { renderArtwork } from '../../lib/demo/artwork.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) => {
  const svg = params.path ? renderArtwork(`/art/${params.path}`) : null;
  if (svg === null) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Opened directly, an SVG is a document: allow nothing but its own inline presentation.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
};
