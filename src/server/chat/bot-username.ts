// Shared with the Motor tab's owner codes (0060).
export { botUsernameSource } from '../telegram/bot/username';
