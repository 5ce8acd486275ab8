/** What no stored or served description may hold: an event handler, a script, a javascript: or data: URL. */
export const HOSTILE_MARKUP = /\son[a-z]+\s*=|<script|javascript:|data:/i
