export class Shape {
  area() {
    throw new Error("area() is not implemented");
  }
}

export class Square extends Shape {
  constructor(side) {
    super();
    this.side = side;
  }
}
