import { ID_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '../../../contract/schemas/tokens';

/**
 * A GitHub Actions workflow that publishes a version of `appId` by trusted publishing: the job asks GitHub for
 * its OIDC ID token (audience: the portal's origin), trades it at POST /v1/oauth/token (RFC 8693 token
 * exchange) for a 15-minute token, and submits the package with it as the Apps CLI does (POST /v1/apps/<id>,
 * multipart `app` and `changes`).
 */
export function workflowExample({ origin, appId, workflow, environment }: { origin: string; appId: string; workflow?: string; environment?: string | null }) {
  const lines = [
    `# .github/workflows/${workflow ?? 'release.yml'}`,
    'name: Release',
    'on:',
    '  push:',
    "    tags: ['v*']",
    'permissions:',
    '  id-token: write # lets the job ask GitHub for its identity token',
    '  contents: read',
    'jobs:',
    '  publish:',
    '    runs-on: ubuntu-latest',
    ...(environment ? [`    environment: ${environment}`] : []),
    '    env:',
    `      PORTAL: ${origin}`,
    `      APP_ID: ${appId}`,
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - run: npm ci && npx @rocket.chat/apps-cli package',
    '      - name: Publish the new version',
    '        run: |',
    '          ID_TOKEN=$(curl -sSf -H "Authorization: bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN" \\',
    '            "$ACTIONS_ID_TOKEN_REQUEST_URL&audience=$PORTAL" | jq -r .value)',
    '          TOKEN=$(curl -sSf "$PORTAL/v1/oauth/token" \\',
    `            -d grant_type=${TOKEN_EXCHANGE_GRANT} \\`,
    `            -d subject_token_type=${ID_TOKEN_TYPE} \\`,
    '            --data-urlencode "subject_token=$ID_TOKEN" \\',
    '            -d app_id=$APP_ID | jq -r .access_token)',
    '          curl -sSf "$PORTAL/v1/apps/$APP_ID" \\',
    '            -H "Authorization: Bearer $TOKEN" \\',
    '            -F "app=@$(ls dist/*.zip)" \\',
    '            -F "changes=Release ${{ github.ref_name }}"',
  ];
  return lines.join('\n');
}
