const TYPE_TONE: Record<string, string> = {
  read: 'border-ok/40 text-ok',
  prepare: 'border-accent/40 text-accent',
  action: 'border-danger/40 text-danger',
};

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
  notice = false,
}: {
  serverName?: string;
  mcpletType?: string;
  compatibility: boolean;
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
      {serverName ? <span className="text-xs text-muted">from {serverName}</span> : null}
      {mcpletType ? <Badge tone={TYPE_TONE[mcpletType]}>{mcpletType}</Badge> : null}
      {compatibility ? (
        <Badge
          tone="border-warn/50 text-warn"
          title="This tool has no MCPlet metadata; the host derived its type from MCP annotations or host configuration."
        >
          compatibility
        </Badge>
      ) : null}
    </>
  );
}
