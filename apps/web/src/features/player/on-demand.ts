// The player's on-demand chunk (player-loader.ts imports it on the first play, or on a Play button's hover):
// the controller with its audio engine, progress sync and Media Session, and the open player's UI. Kept out
// of index.ts, which the first load imports.
export { PlayerController, playerController } from './player-controller.ts'
export { OpenPlayer } from './components/OpenPlayer.tsx'
