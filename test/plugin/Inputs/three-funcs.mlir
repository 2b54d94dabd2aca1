func.func @a() {
  return
}
func.func @b() {
  return
}
func.func @c() {
  return
}
