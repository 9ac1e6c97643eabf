// The catalog's face to other domains (docs/architecture.md, Domains): the Markdown texts rendered at save.
export { renderVersionTexts, type VersionTexts } from './markdown/markdown-texts';
