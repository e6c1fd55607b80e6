// react-dom publishes the Web-streams renderer as "react-dom/server.browser"; its types are
// the ones of "react-dom/server" (docs/decisions/015-react-stream-without-nul-bytes.md).
declare module "react-dom/server.browser" {
  export { renderToReadableStream, type ReactDOMServerReadableStream } from "react-dom/server";
}
