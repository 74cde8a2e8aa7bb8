const TYPE_TONE: Record<string, string> = {
  read: 'border-ok/40 text-ok',
  prepare: 'border-accent/40 text-accent',
  action: 'border-danger/40 text-danger',
};

/** WebMCP 6.4.3: the result went to the model as marked data, not instructions. */
export function UntrustedBadge({ source }: { source: string }) {
  return (
    <span data-testid="untrusted-badge">
      <Badge
        tone="border-warn/50 text-warn"
        title={`The tool marked this result as untrusted (${source}). The model received it inside a delimited block, as data and not as instructions.`}
      >
        untrusted content
      </Badge>
    </span>
  );
}

/** SEP client responsibility 3: the server flagged this result for suspected malicious activity. */
export function MaliciousWarning() {
  return (
    <p
      role="alert"
      className="rounded border border-danger/40 bg-danger-bg px-2 py-1 text-sm text-danger"
      data-testid="malicious-warning"
    >
      Suspected malicious activity: the server flagged this result (maliciousActivityHint). The model was told
      to treat it as hostile data, and the next action here asks you first.
    </p>
  );
}

export function Badge({
  children,
  tone = 'border-border text-muted',
  title,
}: {
  children: string;
  tone?: string;
  title?: string;
}) {
  return (
    <span className={`rounded border px-1.5 py-px text-[11px] leading-4 font-medium ${tone}`} title={title}>
      {children}
    </span>
  );
}

/** Server, MCPlet type, and the label every compatibility-admitted tool carries. */
export function ToolBadges({
  serverName,
  mcpletType,
  compatibility,
  untrusted,
  notice = false,
}: {
  serverName?: string;
  mcpletType?: string;
  compatibility: boolean;
  /** Why the result reached the model as untrusted data, when it did. */
  untrusted?: string;
  /** It ran at the notify level: the user was told, not asked. */
  notice?: boolean;
}) {
  return (
    <>
      {notice ? (
        <span data-testid="notify-badge">
          <Badge
            tone="border-accent/50 text-accent"
            title="This tool runs without asking; you are told when it does."
          >
            notified
          </Badge>
        </span>
      ) : null}
      {serverName ? (
        <span className="text-xs text-muted" data-testid="tool-server">
          · {serverName}
        </span>
      ) : null}
      {mcpletType ? <Badge tone={TYPE_TONE[mcpletType]}>{mcpletType}</Badge> : null}
      {compatibility ? (
        <Badge
          tone="border-warn/50 text-warn"
          title="This tool has no MCPlet metadata; the host derived its type from MCP annotations or host configuration."
        >
          compatibility
        </Badge>
      ) : null}
      {untrusted ? <UntrustedBadge source={untrusted} /> : null}
    </>
  );
}
