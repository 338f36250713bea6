// The pickers module's face (requirements#console-pickers): the console forms' search for what they choose.
export { pickerRoutes } from './routes.ts';
