// The email feature's public face: only what other features' on-demand code uses (the settings page and the
// account section load through on-demand.ts).
export { SendToDeviceMenu, useCanSendToDevice } from './components/SendToDeviceMenu.tsx'
