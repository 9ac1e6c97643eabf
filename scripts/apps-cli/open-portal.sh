#!/bin/sh
# The "browser" scripts/apps-cli/rc-apps.ts gives Rocket.Chat's Apps CLI (through $BROWSER, which its `open`
# package uses on Linux): the CLI opens https://cloud.rocket.chat/authorize?…; the person signs in on the
# portal's own page at the same path instead.
url=$(printf '%s' "$1" | sed "s#^https://cloud\.rocket\.chat#${RC_APPS_PORTAL_URL}#")
printf '\n  Sign in on the portal: %s\n\n' "$url" > /dev/tty 2>/dev/null || printf '\n  Sign in on the portal: %s\n\n' "$url" >&2
if [ -n "$RC_APPS_OPEN" ]; then "$RC_APPS_OPEN" "$url" >/dev/null 2>&1 || true; fi
exit 0
