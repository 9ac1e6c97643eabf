// The catalog's face to other domains (docs/architecture.md, Domains): the Markdown texts rendered at save.
export { renderVersionTexts, type VersionTexts } from './markdown/markdown-texts';
/** A text as the catalog serves it before its HTML is rendered (escaped, without its Markdown). */
export { plainHtml } from './markdown/markdown';
