import "./global-shim.client";
import {
  AtomicBlockUtils,
  CompositeDecorator,
  type ContentBlock,
  type ContentState,
  convertFromRaw,
  convertToRaw,
  type DraftHandleValue,
  Editor,
  EditorState,
  RichUtils,
} from "draft-js";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { ImageIcon, LinkIcon } from "~/components/icons";
import { useTranslation } from "~/use-translation";
import { countWords, opsToRaw, rawToOps } from "~/utils/authoring-richtext";
import { safeHref, safeSrc } from "../RichText";

const HEADINGS = ["header-one", "header-two", "header-three", "header-four", "header-five", "header-six"];

function findEntities(type: string) {
  return (block: ContentBlock, callback: (start: number, end: number) => void, content: ContentState) => {
    block.findEntityRanges((character) => {
      const key = character.getEntity();
      return key !== null && content.getEntity(key).getType() === type;
    }, callback);
  };
}

function LinkSpan({ contentState, entityKey, children }: { contentState: ContentState; entityKey: string; children: ReactNode }) {
  const href = safeHref(contentState.getEntity(entityKey).getData().url) ?? undefined;
  return <a href={href}>{children}</a>;
}

function ImageBlock({ block, contentState }: { block: ContentBlock; contentState: ContentState }) {
  const key = block.getEntityAt(0);
  const src = key ? safeSrc(contentState.getEntity(key).getData().src) : null;
  return src ? <img src={src} alt="" width={800} height={450} /> : null;
}

const decorator = new CompositeDecorator([{ strategy: findEntities("LINK"), component: LinkSpan }]);

/**
 * The rich-text editor (draft-js), loaded only on the organiser screens and only in the
 * browser. It edits the stored operations array and posts it as JSON in `<name>Ops`.
 */
export default function RichEditor({
  name,
  label,
  ops,
  readOnly = false,
  contentLang,
}: {
  name: string;
  label: string;
  ops: unknown;
  readOnly?: boolean;
  /** The language mark of the content (`enteredLang` of its text): Chinese typed on an English page is the organiser's. */
  contentLang: { lang?: string };
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => EditorState.createWithContent(convertFromRaw(opsToRaw(ops)), decorator));
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const content = state.getCurrentContent();
  const json = useMemo(() => JSON.stringify(rawToOps(convertToRaw(content))), [content]);
  const blockType = content.getBlockForKey(state.getSelection().getStartKey())?.getType();
  const styles = state.getCurrentInlineStyle();

  const tool = (text: ReactNode, labelText: string, pressed: boolean, run: () => void) => (
    <button
      type="button"
      className="ui-edit-tool"
      aria-label={labelText}
      title={labelText}
      aria-pressed={pressed}
      onMouseDown={(event) => {
        event.preventDefault();
        run();
      }}
    >
      {text}
    </button>
  );

  const handleKey = (command: string, current: EditorState): DraftHandleValue => {
    const next = RichUtils.handleKeyCommand(current, command);
    if (next) {
      setState(next);
      return "handled";
    }
    return "not-handled";
  };

  const addLink = () => {
    const url = window.prompt(t("authoring.editor.linkPrompt"), "https://");
    if (url === null) return;
    const href = safeHref(url.trim());
    if (!href) {
      setProblem(t("authoring.editor.badLink"));
      return;
    }
    setProblem("");
    const withEntity = content.createEntity("LINK", "MUTABLE", { url: href });
    const next = EditorState.set(state, { currentContent: withEntity });
    setState(RichUtils.toggleLink(next, next.getSelection(), withEntity.getLastCreatedEntityKey()));
  };

  const upload = async (file: File) => {
    setUploading(true);
    setProblem("");
    try {
      const body = new FormData();
      body.set("file", file);
      // Through the app's /upload, which carries the session's token to the platform.
      const response = await fetch("/upload", { method: "POST", body });
      const answer = (await response.json()) as { publicUrl?: string; message?: string };
      const src = answer.publicUrl ? safeSrc(answer.publicUrl) : null;
      if (!response.ok || !src) throw new Error(answer.message || t("errors.internal"));
      const withEntity = content.createEntity("IMAGE", "IMMUTABLE", { src });
      setState(AtomicBlockUtils.insertAtomicBlock(EditorState.set(state, { currentContent: withEntity }), withEntity.getLastCreatedEntityKey(), " "));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t("errors.internal"));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="ui-field" data-testid={`editor-${name}`}>
      <span className="ui-label" id={`${name}-label`}>
        {label}
      </span>
      {!readOnly && (
        <div className="ui-edit-toolbar" role="toolbar" aria-label={t("authoring.editor.toolbar")}>
          {tool("¶", t("authoring.editor.paragraph"), blockType === "unstyled", () => setState(RichUtils.toggleBlockType(state, "unstyled")))}
          {HEADINGS.map((type, i) =>
            tool(`H${i + 1}`, t("authoring.editor.heading", { level: i + 1 }), blockType === type, () => setState(RichUtils.toggleBlockType(state, type))),
          )}
          {tool("B", t("authoring.editor.bold"), styles.has("BOLD"), () => setState(RichUtils.toggleInlineStyle(state, "BOLD")))}
          {tool("I", t("authoring.editor.italic"), styles.has("ITALIC"), () => setState(RichUtils.toggleInlineStyle(state, "ITALIC")))}
          {tool("•", t("authoring.editor.bullet"), blockType === "unordered-list-item", () =>
            setState(RichUtils.toggleBlockType(state, "unordered-list-item")),
          )}
          {tool("1.", t("authoring.editor.ordered"), blockType === "ordered-list-item", () => setState(RichUtils.toggleBlockType(state, "ordered-list-item")))}
          {tool(<LinkIcon />, t("authoring.editor.link"), false, addLink)}
          {tool(<ImageIcon />, t("authoring.editor.image"), false, () => fileRef.current?.click())}
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/gif,image/jpeg"
            hidden
            aria-label={t("authoring.editor.image")}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void upload(file);
            }}
          />
        </div>
      )}
      <div className="ui-edit-editor" {...contentLang}>
        <Editor
          editorState={state}
          onChange={setState}
          readOnly={readOnly}
          handleKeyCommand={handleKey}
          // Read-only, draft-js drops the textbox role, and these would be left on a plain div.
          ariaLabelledBy={readOnly ? undefined : `${name}-label`}
          ariaMultiline={readOnly ? undefined : true}
          blockRendererFn={(block) => (block.getType() === "atomic" ? { component: ImageBlock, editable: false } : null)}
        />
      </div>
      <p className="ui-edit-counter" aria-live="polite">
        {uploading ? t("authoring.editor.uploading") : t("authoring.editor.words", { count: countWords(content.getPlainText()) })}
      </p>
      {problem && (
        <p className="ui-field-error" role="alert">
          {problem}
        </p>
      )}
      <input type="hidden" name={`${name}Ops`} value={json} />
    </div>
  );
}
