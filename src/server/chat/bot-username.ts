export { botUsernameSource } from '../telegram/bot/username';
