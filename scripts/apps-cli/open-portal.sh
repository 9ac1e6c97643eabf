#!/bin/sh
# The "browser" scripts/apps-cli/rc-apps.ts gives Rocket.Chat's Apps CLI (through $BROWSER, which its `open`
# package uses on Linux): the CLI opens https://cloud.rocket.chat/authorize?…; the person signs in on the
# portal's own page at the same path instead. The CLI starts this detached, without a terminal: rc-apps.ts
# prints the address (it watches RC_APPS_SIGN_IN), and RC_APPS_OPEN (xdg-open by default) opens it.
url=$(printf '%s' "$1" | sed "s#^https://cloud\.rocket\.chat#${RC_APPS_PORTAL_URL}#")
printf '%s\n' "$url" > "$RC_APPS_SIGN_IN.part" && mv "$RC_APPS_SIGN_IN.part" "$RC_APPS_SIGN_IN"
if [ -n "$RC_APPS_OPEN" ]; then "$RC_APPS_OPEN" "$url" >/dev/null 2>&1 || true; fi
exit 0
