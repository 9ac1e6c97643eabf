/** The texts of the pages Rocket.Chat opens for app requests and incompatible versions (docs/rocketchat.md, App requests), in one place. */
export const appRequestText = {
  loading: 'Loading the app…',
  by: (publisher: string) => `by ${publisher}`,

  // /apps/{id}/requestAccess
  requestTitle: (app: string) => `Request ${app}`,
  requestIntro: 'Ask your workspace’s administrators to install this app.',
  from: 'From',
  fromHint: 'As your workspace names you: your administrators see the request under this name.',
  administrators: (n: number) => `${n.toLocaleString('en-US')} administrator${n === 1 ? '' : 's'} of your workspace will see it.`,
  messageLabel: 'Message to your administrators (optional)',
  messageHint: (max: number) => `Why your team needs this app. At most ${max.toLocaleString('en-US')} characters.`,
  request: 'Request',
  requesting: 'Requesting…',
  cancel: 'Cancel',
  close: 'Close',
  sentTitle: 'Request sent',
  sent: (app: string) => `Your workspace’s administrators will see your request for ${app}.`,
  missingAddress: 'This page needs what your workspace sends with it: open it again from your workspace’s Marketplace.',
  failedTitle: 'This request cannot be made',

  // /apps/{id}/incompatible/{version}/{action}
  incompatibleTitle: 'Incompatible version',
  incompatible: (app: string, version: string, rocketChat: string) =>
    rocketChat ? `${app} ${version} cannot run on Rocket.Chat ${rocketChat}.` : `${app} ${version} cannot run on this workspace’s Rocket.Chat.`,
  needs: (range: string) => `It needs Apps-Engine ${range}.`,
  action: (action: string) => {
    const verb = ({ install: 'install', update: 'update', purchase: 'buy', subscribe: 'subscribe to', request: 'request' } as Record<string, string>)[action];
    return verb
      ? `Update Rocket.Chat to ${verb} it, or choose a version of the app that supports yours.`
      : 'Update Rocket.Chat, or choose a version of the app that supports yours.';
  },
  unknownVersion: (version: string) => `This marketplace has no published version ${version} of this app, so it cannot tell which Rocket.Chat it needs.`,
} as const;
