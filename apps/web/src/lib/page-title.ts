import { ENVIRONMENT_LABELS, type Environment } from '@clearway/contracts/enums';

/** Section 2: product name, then the environment label (none in production), then the page. */
export function pageTitle(product: string, environment: Environment, page?: string): string {
  return [product, ENVIRONMENT_LABELS[environment], page].filter(Boolean).join(' · ');
}

/** Sets the document title and the canonical address of the current page. */
export function applyPageMeta(title: string, canonicalUrl: string) {
  document.title = title;
  let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = canonicalUrl;
}
