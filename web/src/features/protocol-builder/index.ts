// The protocol builder's public face: the app mounts the provider (with the live editor), the lazily
// loaded builder and the product page's add button. The builder, the button and the protocol page
// (routed by path, like every page) stay out of this module so they load only when needed.
export { BuilderProvider } from './components/builder-provider';
export { LazyAddToProtocolButton, LazyProtocolBuilder } from './components/lazy-builder';
export { LiveEditorProvider } from './live/live-editor-provider';
